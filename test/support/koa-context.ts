import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa, { type Context } from 'koa';

/** A request's context as Koa makes it, before any middleware has run: for what reads or writes the context alone. */
export function aKoaContext(): Context {
  const request = new IncomingMessage(new Socket());
  return new Koa().createContext(request, new ServerResponse(request));
}
