import { INBOX_LIMITS } from '@palace/protocol';
import type { Errors } from './validation.js';

/**
 * The client-side checks of the waitlist form and the help page's contact form, with the server's
 * messages (packages/service, InboxService); the server checks the same again.
 */

export interface WaitlistValues {
  readonly name: string;
  readonly email: string;
  readonly note: string;
}

export interface ContactValues {
  readonly subject: string;
  readonly message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateWaitlist(values: WaitlistValues): Errors<keyof WaitlistValues> {
  const errors: Errors<keyof WaitlistValues> = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (name === '') errors.name = 'Please enter your name';
  else if (name.length > INBOX_LIMITS.name) errors.name = `Name must be at most ${INBOX_LIMITS.name} characters`;
  if (!EMAIL.test(email) || email.length > INBOX_LIMITS.email) errors.email = 'Please enter a valid email address';
  if (values.note.trim().length > INBOX_LIMITS.note)
    errors.note = `Note must be at most ${INBOX_LIMITS.note} characters`;
  return errors;
}

export function validateContact(values: ContactValues): Errors<keyof ContactValues> {
  const errors: Errors<keyof ContactValues> = {};
  const subject = values.subject.trim();
  const message = values.message.trim();
  if (subject === '') errors.subject = 'Please enter a subject';
  else if (subject.length > INBOX_LIMITS.subject) {
    errors.subject = `Subject must be at most ${INBOX_LIMITS.subject} characters`;
  }
  if (message === '') errors.message = 'Please enter a message';
  else if (message.length > INBOX_LIMITS.message) {
    errors.message = `Message must be at most ${INBOX_LIMITS.message} characters`;
  }
  return errors;
}
