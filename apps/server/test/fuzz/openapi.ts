/** The operations of the server's OpenAPI document (`GET /api/docs/json`), as the fuzzer reads them. */

/** The part of a JSON schema (as @fastify/swagger writes typebox schemas) the fuzzer reads. */
export interface JsonSchema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly nullable?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** One path or query parameter of an operation. */
export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly schema: JsonSchema;
}

/** One route of the document: `GET /api/rest-games/{gameId}` and what it reads. */
export interface Operation {
  readonly method: string;
  /** The templated path, `{name}` for each path parameter. */
  readonly path: string;
  /** The first tag: which part of the API (and so which error shape) the route belongs to. */
  readonly tag: string;
  readonly parameters: readonly Parameter[];
  /** The JSON body's schema, when the route reads one. */
  readonly body: JsonSchema | undefined;
}

interface RawOperation {
  readonly tags?: readonly string[];
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> };
}

/** Every operation of an OpenAPI 3 document, in document order. */
export function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths?: Record<string, Record<string, RawOperation>> }).paths ?? {};
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        tag: raw.tags?.[0] ?? 'untagged',
        parameters: raw.parameters ?? [],
        body: raw.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** `GET /api/x/{id}`: how failures name an operation. */
export const nameOf = (operation: Operation): string => `${operation.method} ${operation.path}`;
