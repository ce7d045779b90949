import {
  toJsonSchema,
  toJsonSchemaDefs,
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
} from '@valibot/to-json-schema';
import * as v from 'valibot';
import { newPetBody, petSchema, petsSchema, petStatusSchema } from '../schemas/pet.js';
import { errorBodySchema } from '../errors/error-body.js';

/** The schemas the document names; wherever one of them appears, it is referenced, not repeated. */
const COMPONENT_SCHEMAS = {
  Pet: petSchema,
  Pets: petsSchema,
  // The body schema itself, JSON-object check included: in output mode it documents as the NewPet object.
  NewPet: newPetBody,
  PetStatus: petStatusSchema,
  Error: errorBodySchema,
};

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // A parameter is documented as the typed value its text decodes to: an integer, not digits.
  typeMode: 'output',
  // A rule the document cannot express must be a decision in code, never a silent gap.
  errorMode: 'throw',
  definitions: COMPONENT_SCHEMAS,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
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

/** A JSON request or response body of this schema. */
export const jsonContent = (schema: v.GenericSchema) => ({ 'application/json': { schema: jsonSchemaOf(schema) } });

/** One OpenAPI parameter per property of an object schema; its description moves up a level. */
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
  }));
}
