import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from '../shell/icons.js';

/**
 * The card a page shows instead of its content to someone who is signed out or a guest: what the
 * page is for, and a link to /auth (sign in or register).
 */
export function SignInPrompt(props: {
  readonly title: string;
  readonly text: string;
  readonly action: string;
  readonly icon: IconName;
}): ReactElement {
  return (
    <section className="card prompt-card" aria-labelledby="prompt-title">
      <span className="prompt-icon">
        <Icon name={props.icon} size={28} />
      </span>
      <h2 id="prompt-title">{props.title}</h2>
      <p className="muted">{props.text}</p>
      <Link to="/auth" className="button button-primary">
        {props.action}
      </Link>
    </section>
  );
}
