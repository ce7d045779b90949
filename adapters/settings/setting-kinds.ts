// The kinds of value a setting holds, each with the rule a person reads when a value breaks it.
import bytes from 'bytes';
import ms from 'ms';
import * as v from 'valibot';

/** A whole number from `min` to `max`, written in decimal digits only. */
export function integerSetting(min: number, max: number, unit = '') {
  const rule = `must be a whole number${unit} from ${min} to ${max}`;
  return v.pipe(
    v.string(),
    v.regex(/^[0-9]+$/, rule),
    v.transform(Number),
    v.minValue(min, rule),
    v.maxValue(max, rule),
  );
}

/** One of `choices`, exactly as written. */
export function choiceSetting<const Choices extends readonly [string, ...string[]]>(choices: Choices) {
  return v.picklist(choices, `must be one of ${choices.join(', ')}`);
}

/** Items separated by commas, each trimmed and each passing `rule` (a RegExp, or any test); empty items are dropped. */
export const commaListSetting = (rule: Pick<RegExp, 'test'>, message: string) =>
  v.pipe(
    v.string(),
    v.transform((text) =>
      text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
    v.check((items) => items.every((item) => rule.test(item)), message),
  );

/** An absolute http(s) address ending in /v1: published in the OpenAPI document, so no credentials. */
function isApiBaseUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol, username, password, pathname, search, hash } = new URL(text);
  const credentials = username !== '' || password !== '';
  // The text itself must end in /v1 too: `?` or `#` with nothing after leave search and hash empty.
  const endsInV1 = pathname.endsWith('/v1') && search === '' && hash === '' && text.endsWith('/v1');
  return (protocol === 'http:' || protocol === 'https:') && !credentials && endsInV1;
}

/** Where clients reach the API: an http(s) address ending in /v1, without credentials. */
export const apiBaseUrlSetting = () =>
  v.pipe(
    v.string(),
    v.check(
      isApiBaseUrl,
      'must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ),
  );

/** A Redis server's URL: redis://, or rediss:// for TLS, a password in it as the server asks. */
export const redisUrlSetting = () =>
  v.pipe(
    v.string(),
    v.check(
      (text) => URL.canParse(text) && ['redis:', 'rediss:'].includes(new URL(text).protocol),
      'must be a redis:// or rediss:// URL, such as redis://:password@redis.internal:6379',
    ),
  );

/**
 * A browser origin as the Origin header carries it: scheme://host[:port], nothing more. A host name
 * is at most 253 characters (RFC 1035) and a port ":65535", so the service never echoes a longer one.
 */
const ORIGIN_HOST_AND_PORT_MAX_LENGTH = 253 + ':65535'.length;
export const ORIGIN = new RegExp(`^https?://[^/?#\\s]{1,${ORIGIN_HOST_AND_PORT_MAX_LENGTH}}$`);
/** The longest origin ORIGIN allows, which the OpenAPI document states. */
export const ORIGIN_MAX_LENGTH = 'https://'.length + ORIGIN_HOST_AND_PORT_MAX_LENGTH;

const SIZE_RULE = 'must be a size such as 1048576, 512kb or 1mb';

/** A size in bytes, bare (`1048576`) or with a unit (`512kb`, `1mb`), above zero. */
export const sizeSetting = () =>
  v.pipe(
    v.string(),
    v.transform((text) => bytes.parse(text)),
    v.number(SIZE_RULE),
    v.check((size) => Number.isSafeInteger(size) && size > 0, SIZE_RULE),
  );

/**
 * A duration with its unit, in whole seconds, from 1s to 30d unless said otherwise. A bare number is
 * refused: `ms` would read 86400 as milliseconds where a reader may mean seconds.
 */
export const durationSetting = (
  examples: string,
  { min = '1s', max = '30d' }: { min?: ms.StringValue; max?: ms.StringValue } = {},
) => {
  const rule = `must be a duration in whole seconds with its unit, such as ${examples}, from ${min} to ${max}`;
  const [minMs, maxMs] = [ms(min), ms(max)];
  return v.pipe(
    v.string(),
    v.regex(/[a-z]\s*$/i, rule),
    v.transform((text) => ms(text as ms.StringValue) as number | undefined),
    v.number(rule),
    v.check(
      (milliseconds) =>
        Number.isSafeInteger(milliseconds) &&
        milliseconds % 1000 === 0 &&
        milliseconds >= minMs &&
        milliseconds <= maxMs,
      rule,
    ),
  );
};
