import type { RouteContract, RouteResult } from '@sim/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler sees: params, query and a JSON body already parsed by the contract's schemas. */
export type ContractRequest<C extends RouteContract> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: C['body'] extends z.ZodType ? z.output<C['body']> : unknown;
};

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<RouteResult<C> | FastifyReply> | RouteResult<C> | FastifyReply;

/** Fastify options a contract does not carry: a route's own rate limit, body limit, websocket... */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'websocket' | 'preHandler'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the contract the route was registered from (lib/route.ts); the access hook reads it */
    contract?: RouteContract;
  }
}

/**
 * Registers a route from its contract (packages/shared/src/routes): method, URL, the schemas of params,
 * query, body and answer, and the access rule the access hook enforces. Every /api route goes through
 * here; the access plugin refuses to register one that does not.
 */
export function route<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  const body = contract.response;
  const response =
    typeof body === 'string'
      ? undefined
      : { 200: body, ...Object.fromEntries((contract.alsoAnswers ?? []).map((status) => [status, body])) };
  app.route({
    ...extras,
    method: contract.method,
    url: contract.url,
    config: { ...extras.config, contract },
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      ...(contract.hidden ? { hide: true } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body && contract.body !== 'multipart' ? { body: contract.body } : {}),
      ...(response ? { response } : {}),
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The handler of a websocket route: the open socket and the upgrade request (its access already checked). */
export type WebsocketContractHandler = (socket: WebSocket, request: FastifyRequest) => void | Promise<void>;

/**
 * Registers a websocket route from its contract (a GET, `response: 'none'`, left out of the OpenAPI
 * document): the access hook checks the contract's access before the upgrade, as for any route.
 */
export function websocketRoute<C extends RouteContract & { method: 'GET' }>(
  app: FastifyInstance,
  contract: C,
  handler: WebsocketContractHandler,
): void {
  app.route({
    method: 'GET',
    url: contract.url,
    websocket: true,
    config: { contract },
    schema: { tags: [...contract.tags], summary: contract.summary, hide: true },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
