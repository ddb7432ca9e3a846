import type { ReactElement } from 'react';
import { Icon } from '../shell/icons.js';

/** Any path without a screen (docs/product.md §P1.2). */
export function NotFound(): ReactElement {
  return (
    <div className="not-found">
      <div className="card not-found-card">
        <div className="not-found-title">
          <span className="not-found-icon">
            <Icon name="alert" size={32} />
          </span>
          <h1>404 Page Not Found</h1>
        </div>
        <p>Did you forget to add the page to the router?</p>
      </div>
    </div>
  );
}
