import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { bodylessProblems } from '../../testing/http-document.js';

/** A response as seen on the wire, whichever client received it. */
export interface ObservedResponse {
  readonly method: string;
  /** The request path, query included. */
  readonly path: string;
  readonly status: number;
  header(name: string): string | undefined;
  /** The body as text; '' when there was none. */
  readonly text: string;
}

interface HeaderObject {
  required?: boolean;
  schema: object;
}
interface ResponseObject {
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, unknown>;
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
type PathItem = Partial<Record<string, OperationObject>>;
interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, PathItem>;
  components: { headers: Record<string, HeaderObject> };
}

const DOCUMENT_ID = 'openapi.json';
// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/**
 * Checks responses against the OpenAPI document the service publishes: under the API's base
 * path, every response must be one the document describes (status, headers, media type and
 * body schema); a request that matched no operation must answer with the Error schema.
 */
/**
 * Ajv as the document needs it: the JSON Schema formats, and OpenAPI's int32 and int64. A format it
 * does not know is an error, not the warning Ajv would print and then ignore the format.
 */
export function openApiAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: {
      log: (...args: unknown[]) => {
        console.log(...args);
      },
      warn: (...args: unknown[]) => {
        throw new Error(`Ajv: ${args.map(String).join(' ')}`);
      },
      error: (...args: unknown[]) => {
        console.error(...args);
      },
    },
  });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  return ajv;
}

export class OpenApiResponseValidator {
  private readonly ajv = openApiAjv();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly basePath: string;
  private readonly templates: { template: string; pattern: RegExp }[];

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema(document, DOCUMENT_ID);
    this.basePath = new URL(document.servers[0]!.url, 'http://base.invalid').pathname;
    this.templates = Object.keys(document.paths).map((template) => ({
      template,
      // A parameter in its one spelling (unreserved characters): other spellings name no operation.
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[A-Za-z0-9._~-]+')}$`),
    }));
  }

  /** Every way the response departs from the document; empty when it conforms. */
  problems(response: ObservedResponse): string[] {
    return this.problemsOf(response, { headers: true });
  }

  /**
   * Every way the response's status and body depart from the document, its headers left out but for its
   * Content-Type: for a client that shows headers altered (Swagger UI joins a date's parts without a space).
   */
  statusAndBodyProblems(response: ObservedResponse): string[] {
    return this.problemsOf(response, { headers: false });
  }

  private problemsOf(response: ObservedResponse, { headers }: { headers: boolean }): string[] {
    const path = response.path.split('?')[0]!;
    if (!path.startsWith(`${this.basePath}/`) && path !== this.basePath) return [];
    const template = this.templates.find(({ pattern }) => pattern.test(path.slice(this.basePath.length)))?.template;
    // HEAD is GET without a body (RFC 9110); the document describes GET.
    const method = response.method === 'HEAD' ? 'get' : response.method.toLowerCase();
    const operation = template === undefined ? undefined : this.document.paths[template]?.[method];
    if (operation === undefined) return this.unmatchedRequestProblems(response);

    const pointer = `#/paths/${escape(template!)}/${method}/responses/${response.status}`;
    const documented = operation.responses[String(response.status)];
    if (documented === undefined) return [`${operation.operationId} does not document status ${response.status}`];
    return [
      ...(headers ? this.headerProblems(documented, response) : []),
      ...(response.method === 'HEAD' ? [] : this.bodyProblems(documented, pointer, response)),
    ];
  }

  /** No route or no such method: the document cannot list these, but they still answer an Error. */
  private unmatchedRequestProblems(response: ObservedResponse): string[] {
    if (response.status === 204 && response.text === '') return [];
    if (response.status < 400)
      return [`${response.method} ${response.path} answered ${response.status} outside any documented operation`];
    return this.jsonProblems('#/components/schemas/Error', response);
  }

  private headerProblems(documented: ResponseObject, response: ObservedResponse): string[] {
    return Object.entries(documented.headers ?? {}).flatMap(([name, { $ref }]) => {
      const headerName = $ref.split('/').pop()!;
      const header = this.document.components.headers[headerName]!;
      const value = response.header(name);
      if (value === undefined) return header.required === true ? [`header ${name} is required but missing`] : [];
      const schemaPointer = `#/components/headers/${escape(headerName)}/schema`;
      const typed = (header.schema as { type?: string }).type === 'integer' ? Number(value) : value;
      return this.schemaProblems(schemaPointer, typed).map((problem) => `header ${name}: ${problem}`);
    });
  }

  private bodyProblems(documented: ResponseObject, pointer: string, response: ObservedResponse): string[] {
    const mediaTypes = Object.keys(documented.content ?? {});
    if (mediaTypes.length === 0) return bodylessProblems(response);
    const contentType = response.header('content-type')?.split(';')[0]?.trim();
    if (contentType === undefined || !mediaTypes.includes(contentType)) {
      return [`content type ${contentType ?? '(none)'} is not one of ${mediaTypes.join(', ')}`];
    }
    return this.jsonProblems(`${pointer}/content/${escape(contentType)}/schema`, response);
  }

  private jsonProblems(schemaPointer: string, response: ObservedResponse): string[] {
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return [`the body is not JSON: ${JSON.stringify(response.text.slice(0, 80))}`];
    }
    return this.schemaProblems(schemaPointer, body);
  }

  private schemaProblems(schemaPointer: string, value: unknown): string[] {
    const validate = this.validatorFor(schemaPointer);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'} (${schemaPointer})`,
    );
  }

  private validatorFor(schemaPointer: string): ValidateFunction {
    let validate = this.compiled.get(schemaPointer);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${schemaPointer}` });
      this.compiled.set(schemaPointer, validate);
    }
    return validate;
  }
}

/** JSON Pointer escaping (RFC 6901), then URI-fragment escaping for the braces of templates. */
function escape(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}
