import { err, ok, type Result } from '@palace/core';
import { INBOX_LIMITS } from '@palace/protocol';
import type { Clock } from '../ports.js';
import { type ServiceError, type ServiceErrorCode, serviceError } from '../service-error.js';
import type { User } from './account-ports.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A waitlist application (docs/product.md §D5) as stored. The e-mail is trimmed and lower-cased. */
export interface WaitlistApplication {
  readonly name: string;
  readonly email: string;
  /** Empty when none was given. */
  readonly note: string;
  /** ms since the epoch. */
  readonly at: number;
}

/** A message sent from the help page's contact form. */
export interface SupportMessage {
  /** The sender's account (a guest's negative id too), or null for a visitor who is not signed in. */
  readonly userId: number | null;
  readonly subject: string;
  readonly message: string;
  /** ms since the epoch. */
  readonly at: number;
}

/** Where waitlist applications and support messages are kept. Each call is one write. */
export interface InboxStore {
  /**
   * Stores the application (every application is kept, also a repeat) and says whether an earlier
   * one with the same e-mail existed.
   */
  apply(application: WaitlistApplication): Promise<{ readonly id: number; readonly repeat: boolean }>;
  /** Stores the message; its id. */
  contact(message: SupportMessage): Promise<number>;
}

export interface WaitlistInput {
  readonly name: string;
  readonly email: string;
  readonly note?: string | null | undefined;
}

export interface ContactInput {
  readonly subject: string;
  readonly message: string;
}

/** What the client shows after an application. */
export interface Applied {
  readonly message: string;
  /** True when this e-mail had applied before (the new application is stored all the same). */
  readonly alreadyListed: boolean;
}

export const WAITLIST_THANKS = "Thanks for applying! You're on the waitlist; we'll e-mail you an invite code.";
export const WAITLIST_AGAIN = "You're already on the waitlist. We've added this application to your earlier one.";
export const SUPPORT_THANKS = 'Message sent';

type Answer<T> = Promise<Result<T, ServiceError>>;

/** Checks a trimmed text against a length range; the refusal code, or null when it fits. */
function length(value: string, min: number, max: number, tooShort: ServiceErrorCode, tooLong: ServiceErrorCode) {
  if (value.length < min) return tooShort;
  return value.length > max ? tooLong : null;
}

/**
 * The waitlist application (docs/product.md §D5: name, e-mail and a note) and the help page's contact
 * form (docs/product.md §P2.2). Inputs are trimmed and checked here, with messages fit to show under a field.
 */
export class InboxService {
  constructor(private readonly ports: { readonly inbox: InboxStore; readonly clock: Clock }) {}

  async apply(input: WaitlistInput): Answer<Applied> {
    const name = input.name.trim();
    const email = input.email.trim().toLowerCase();
    const note = (input.note ?? '').trim();
    const refused =
      length(name, 1, INBOX_LIMITS.name, 'waitlist/name_required', 'waitlist/name_long') ??
      (email.length > INBOX_LIMITS.email || !EMAIL.test(email) ? 'waitlist/email_invalid' : null) ??
      length(note, 0, INBOX_LIMITS.note, 'waitlist/note_long', 'waitlist/note_long');
    if (refused !== null) return err(serviceError(refused));
    const { repeat } = await this.ports.inbox.apply({ name, email, note, at: this.ports.clock.now() });
    return ok({ message: repeat ? WAITLIST_AGAIN : WAITLIST_THANKS, alreadyListed: repeat });
  }

  /** Stores a support message from `sender` (null when nobody is signed in). */
  async contact(sender: User | null, input: ContactInput): Answer<{ readonly message: string }> {
    const subject = input.subject.trim();
    const message = input.message.trim();
    const refused =
      length(subject, 1, INBOX_LIMITS.subject, 'support/subject_required', 'support/subject_long') ??
      length(message, 1, INBOX_LIMITS.message, 'support/message_required', 'support/message_long');
    if (refused !== null) return err(serviceError(refused));
    await this.ports.inbox.contact({ userId: sender?.id ?? null, subject, message, at: this.ports.clock.now() });
    return ok({ message: SUPPORT_THANKS });
  }
}

/** The inbox in memory, for tests: what was stored, in order. */
export class MemoryInboxStore implements InboxStore {
  readonly applications: WaitlistApplication[] = [];
  readonly messages: SupportMessage[] = [];

  async apply(application: WaitlistApplication): Promise<{ id: number; repeat: boolean }> {
    const repeat = this.applications.some((a) => a.email === application.email);
    this.applications.push(application);
    return { id: this.applications.length, repeat };
  }

  async contact(message: SupportMessage): Promise<number> {
    this.messages.push(message);
    return this.messages.length;
  }
}
