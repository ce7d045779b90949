import type { Context } from 'koa';

/** What Koa would name JSON itself, after a look-up in its MIME table on every response. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Answers with `value` as JSON, naming its content type outright rather than by Koa's look-up. */
export function answerJson(ctx: Context, value: object): void {
  ctx.res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  ctx.body = value;
}
