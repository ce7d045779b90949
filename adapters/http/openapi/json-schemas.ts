import {
  toJsonSchema,
  toJsonSchemaDefs,
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
  type OverrideSchemaContext,
} from '@valibot/to-json-schema';
import * as v from 'valibot';
import { newPetBody, petSchema, petsSchema, petStatusSchema } from '../schemas/pet.js';
import { errorBodySchema } from '../errors/error-body.js';
import { ERROR_EXAMPLES } from './error-examples.js';

/** The schemas the document names; wherever one of them appears, it is referenced, not repeated. */
const COMPONENT_SCHEMAS = {
  Pet: petSchema,
  Pets: petsSchema,
  // The body schema itself, JSON-object check included: in output mode it documents as the NewPet object.
  NewPet: newPetBody,
  PetStatus: petStatusSchema,
  // The example lives with the document: each error response shows its own codes' bodies.
  Error: v.pipe(errorBodySchema, v.examples([ERROR_EXAMPLES.not_found])),
};

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // A parameter is documented as the typed value its text decodes to: an integer, not digits.
  typeMode: 'output',
  // A rule the document cannot express must be a decision in code, never a silent gap.
  errorMode: 'throw',
  definitions: COMPONENT_SCHEMAS,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  overrideSchema: withoutForbiddenProperties,
  overrideAction: (context) => unicodePattern(context) ?? integerFormat(context),
};

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** The JSON Schema of one valibot schema, as it sits inside an OpenAPI 3.1 document. */
export function jsonSchemaOf(schema: v.GenericSchema): JsonSchema {
  return withoutDraftKeywords(toJsonSchema(schema, CONVERSION));
}

export function componentJsonSchemas(): Record<string, JsonSchema> {
  const converted: Record<string, JsonSchema> = toJsonSchemaDefs(COMPONENT_SCHEMAS, CONVERSION);
  return Object.fromEntries(Object.entries(converted).map(([name, schema]) => [name, withoutDraftKeywords(schema)]));
}

/** OpenAPI 3.1 sets the dialect once for the document and holds shared schemas in components. */
function withoutDraftKeywords(schema: JsonSchema): JsonSchema {
  const inDocument = { ...schema };
  delete inDocument.$schema;
  delete inDocument.$defs;
  return inDocument;
}

/**
 * A strict object's field that may never be sent (NewPet's `id`, refused in its own words) is left out
 * of the document: `additionalProperties: false` refuses it already, and a generator reads a declared
 * property as one to fill in (a client type, a request body, a mock).
 */
function withoutForbiddenProperties({ valibotSchema, jsonSchema }: OverrideSchemaContext): JsonSchema | undefined {
  if (valibotSchema.type !== 'strict_object') return undefined;
  const { entries } = valibotSchema as v.StrictObjectSchema<v.ObjectEntries, undefined>;
  const forbidden = Object.entries(entries)
    .filter(([, entry]) => isNever(entry))
    .map(([key]) => key);
  const properties = Object.fromEntries(
    Object.entries(jsonSchema.properties ?? {}).filter(([key]) => !forbidden.includes(key)),
  );
  return { ...jsonSchema, properties };
}

/** `never`, or an optional `never`: a field whose every value is refused. */
function isNever(schema: v.GenericSchema): boolean {
  const inner = schema.type === 'optional' ? (schema as v.OptionalSchema<v.GenericSchema, undefined>).wrapped : schema;
  return inner.type === 'never';
}

/**
 * JSON Schema patterns are ECMA-262 regular expressions read with Unicode semantics (what ajv and
 * the 2020-12 spec assume), so a `u` regex is written as it is (the schemas here use no other flag).
 * One `pattern` keyword holds one regex: each after the first gets an `allOf` entry, so all of them apply.
 */
function unicodePattern({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  if (valibotAction.type !== 'regex') return undefined;
  const { source } = (valibotAction as v.RegexAction<string, undefined>).requirement;
  // The first regex keeps `pattern`, where every reader looks: the converter has written it there.
  if (jsonSchema.pattern === source) return jsonSchema;
  return { ...jsonSchema, allOf: [...(jsonSchema.allOf ?? []), { pattern: source }] };
}

/**
 * An integer's OpenAPI format follows from the bounds validation holds it to, once its maximum is
 * known (a minimum comes first in every pipe here): int32 when both fit, else int64.
 */
function integerFormat({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  if (valibotAction.type !== 'max_value' || jsonSchema.type !== 'integer') return undefined;
  const requirement = (valibotAction as v.MaxValueAction<number, number, undefined>).requirement;
  const maximum = Math.min(jsonSchema.maximum ?? requirement, requirement);
  const fitsInt32 = (jsonSchema.minimum ?? -Infinity) >= INT32_MIN && maximum <= INT32_MAX;
  return { ...jsonSchema, maximum, format: fitsInt32 ? 'int32' : 'int64' };
}

/** A JSON request or response body of this schema, with the schema's first example as the body's. */
export const jsonContent = (schema: v.GenericSchema) => ({
  'application/json': { schema: jsonSchemaOf(schema), example: firstExample(schema) },
});

/** Tools fill a request or mock a response from the body's or a parameter's `example`, seldom from a schema's. */
function firstExample(schema: v.GenericSchema): unknown {
  return (v.getExamples(schema) as readonly unknown[])[0];
}

/**
 * One OpenAPI parameter per property of an object schema; its description moves up a level, and its
 * first example is the parameter's too, which tools fill the parameter with.
 */
export function parametersOf(schema: v.GenericSchema, location: 'query' | 'path'): object[] {
  // toJsonSchema writes both for every object schema.
  const { properties, required } = jsonSchemaOf(schema) as {
    properties: Record<string, JsonSchema>;
    required: string[];
  };
  return Object.entries(properties).map(([name, { description, ...propertySchema }]) => ({
    name,
    in: location,
    required: required.includes(name),
    description,
    schema: propertySchema,
    example: propertySchema.examples?.[0],
  }));
}
