import { type Static, Type } from 'typebox';

/** Every refusal of the REST variants: `{ "error": "…" }` with a message fit for players. */
export const ErrorBody = Type.Object({ error: Type.String() }, { additionalProperties: false });
export type ErrorBody = Static<typeof ErrorBody>;

/** `GET /healthz`. */
export const Health = Type.Object({ status: Type.Literal('ok') });
export type Health = Static<typeof Health>;

/** `GET /api/config`: server configuration the web client shows (DECISIONS §1). */
export const ClientConfig = Type.Object({ supportEmail: Type.String(), poweredByUrl: Type.String() });
export type ClientConfig = Static<typeof ClientConfig>;
