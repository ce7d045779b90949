import type { Context } from 'koa';
import { ApiError } from '../errors/api-error.js';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER } from '../request/header-names.js';
import { requestStateOf } from '../request/request-state.js';
import { addResponseHeaders } from '../response/response-headers.js';
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

export interface RateLimitOptions {
  readonly policy: RateLimitPolicy;
  /** Called for each refused request, before its 429 is thrown: the app counts it and marks its span. */
  readonly onRefused: (ctx: Context) => void;
}

/** Counts a request against its caller's bucket; past the limit, it is refused with 429. */
export type RateLimit = (ctx: Context, client: string | undefined) => void;

/**
 * A bucket per API key for callers with a valid key, and a bucket per address (an IPv6 /64) for
 * the rest, so that a flood of bad keys is limited too. Keys and addresses are held apart: no
 * number of addresses can push a key's bucket out.
 */
export function rateLimit({ policy, onRefused }: RateLimitOptions): RateLimit {
  const perKey = new TokenBuckets(policy, { maxBuckets: MAX_BUCKETS });
  const perAddress = new TokenBuckets(policy, { maxBuckets: MAX_BUCKETS });
  const windowSeconds = Math.ceil(policy.windowMs / 1000);
  const policyField = `${POLICY_NAME};q=${policy.limit};w=${windowSeconds}`;
  const refusal = `Too many requests: at most ${policy.limit} in ${seconds(windowSeconds)}; retry after`;
  return function limitRate(ctx, client) {
    const allowance =
      client === undefined ? perAddress.take(addressPartition(requestStateOf(ctx).clientAddress)) : perKey.take(client);
    addResponseHeaders(ctx, [RATE_LIMIT_POLICY_HEADER, policyField], [RATE_LIMIT_HEADER, standingField(allowance)]);
    if (!allowance.allowed) {
      onRefused(ctx);
      throw ApiError.retryLater(
        'rate_limited',
        `${refusal} ${seconds(allowance.retryAfterSeconds)}`,
        allowance.retryAfterSeconds,
      );
    }
  };
}

function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}

function standingField({ remaining, resetSeconds }: Allowance): string {
  return `${POLICY_NAME};r=${remaining};t=${resetSeconds}`;
}
