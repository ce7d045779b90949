import {
  toJsonSchema,
  toJsonSchemaDefs,
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
} from '@valibot/to-json-schema';
import * as v from 'valibot';
import { newPetBody, petSchema, petsSchema, petStatusSchema } from '../schemas/pet.js';
import { errorBodySchema } from '../wire/error-body.js';

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
  overrideAction: unicodePattern,
};

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
 * One `pattern` keyword holds one regex: each gets an `allOf` entry of its own, so several can apply at once.
 */
function unicodePattern({ valibotAction, jsonSchema }: OverrideActionContext): JsonSchema | undefined {
  if (valibotAction.type !== 'regex') return undefined;
  const { source } = (valibotAction as v.RegexAction<string, undefined>).requirement;
  const { pattern, allOf = [], ...rest } = jsonSchema;
  // The converter has already written this regex as `pattern` unless an earlier one took the keyword.
  const withoutThis = pattern === source ? rest : jsonSchema;
  return { ...withoutThis, allOf: [...allOf, { pattern: source }] };
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
