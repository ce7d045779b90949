import { ApiError } from '../errors/api-error.js';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER } from '../request/header-names.js';
import type { HeaderEntry } from '../response/header-entry.js';
import { addressPartition } from './address-partition.js';
import { TokenBuckets, type Allowance, type RateLimitPolicy } from './token-buckets.js';

/**
 * The fields of the IETF HTTPAPI draft, as structured field lists: the policy (`q` requests a
 * window of `w` seconds) and the client's standing in it (`r` requests remaining, full again in `t` seconds).
 */
const POLICY_NAME = '"default"';
/** The two fields as this service writes them, for the OpenAPI document and the tests. */
export const RATE_LIMIT_POLICY_SYNTAX = /^"default";q=[1-9][0-9]*;w=[1-9][0-9]*$/;
export const RATE_LIMIT_SYNTAX = /^"default";r=(0|[1-9][0-9]*);t=(0|[1-9][0-9]*)$/;

/**
 * The most buckets of each kind held at once. Keys are as many as are configured; addresses are
 * as many as the internet has, and these few megabytes are all they may take.
 */
const MAX_BUCKETS = 100_000;

/** A request's standing: the headers that tell it, and the 429 when it is over its rate. */
export interface RateStanding {
  readonly headers: readonly HeaderEntry[];
  readonly refusal: ApiError | undefined;
}

/**
 * Counts a request against its caller's bucket: a client's, when its key was valid, else its address's.
 * It may answer later (a store shared by several instances), or at once (this process's buckets).
 */
export type RateLimiter = (client: string | undefined, clientAddress: string) => RateStanding | Promise<RateStanding>;

/**
 * A bucket per API key for callers with a valid key, and a bucket per address (an IPv6 /64) for
 * the rest, so that a flood of bad keys is limited too. Keys and addresses are held apart: no
 * number of addresses can push a key's bucket out.
 */
export function rateLimiter(
  policy: RateLimitPolicy,
): (client: string | undefined, clientAddress: string) => RateStanding {
  const perKey = new TokenBuckets(policy, { maxBuckets: MAX_BUCKETS });
  const perAddress = new TokenBuckets(policy, { maxBuckets: MAX_BUCKETS });
  const standingOf = rateStandingOf(policy);
  return function takeToken(client, clientAddress) {
    return standingOf(client === undefined ? perAddress.take(addressPartition(clientAddress)) : perKey.take(client));
  };
}

/**
 * What a request is told of one allowance under `policy`: the headers, and the 429 when it is refused.
 * One wording for every limiter, this process's buckets or a store's.
 */
export function rateStandingOf(policy: RateLimitPolicy): (allowance: Allowance) => RateStanding {
  const windowSeconds = Math.ceil(policy.windowMs / 1000);
  const policyField = `${POLICY_NAME};q=${policy.limit};w=${windowSeconds}`;
  const refusal = `Too many requests: at most ${policy.limit} in ${seconds(windowSeconds)}; retry after`;
  return (allowance) => ({
    headers: [
      [RATE_LIMIT_POLICY_HEADER, policyField],
      [RATE_LIMIT_HEADER, standingField(allowance)],
    ],
    refusal: allowance.allowed
      ? undefined
      : ApiError.retryLater(
          'rate_limited',
          `${refusal} ${seconds(allowance.retryAfterSeconds)}`,
          allowance.retryAfterSeconds,
        ),
  });
}

function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}

function standingField({ remaining, resetSeconds }: Allowance): string {
  return `${POLICY_NAME};r=${remaining};t=${resetSeconds}`;
}
