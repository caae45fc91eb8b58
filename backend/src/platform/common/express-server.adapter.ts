import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';

/**
 * Request and response classes whose objects are born with the Express app's prototypes
 * (`app.request`, `app.response`): Node builds them for each request, and Express then sets those
 * prototypes on them, which V8 does nothing for when the prototype is already the one asked.
 */
export function expressMessageClasses(app: Express): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  // Reflect.construct, so that Node's classes may be functions (as in Node 22) or ES classes.
  function Request(...args: ConstructorParameters<typeof IncomingMessage>): IncomingMessage {
    return Reflect.construct(IncomingMessage, args, new.target) as IncomingMessage;
  }
  Request.prototype = app.request;
  function Response(...args: ConstructorParameters<typeof ServerResponse>): ServerResponse {
    return Reflect.construct(ServerResponse, args, new.target) as ServerResponse;
  }
  Response.prototype = app.response;
  return {
    IncomingMessage: Request as unknown as typeof IncomingMessage,
    ServerResponse: Response as unknown as typeof ServerResponse,
  };
}

/**
 * Nest's Express adapter with an HTTP server whose requests and responses already have Express's
 * prototypes. Express 5 sets them on every request (`Object.setPrototypeOf` in `app.handle`); on an
 * object Node just built with another prototype, V8 moves it to a map of its own, and a fifth of
 * what a request allocates then outlives the young generation. A bare Nest endpoint costs 91 µs
 * of CPU per request with Nest's server and 19 µs with this one (`npm run bench:api`, PERFORMANCE.md).
 */
export class ExpressServerAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions || options.forceCloseConnections) {
      throw new Error('ExpressServerAdapter serves plain HTTP without forceCloseConnections');
    }
    // Nest's own set-up (the 503 while closing), then the server it made is replaced before use.
    super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.setHttpServer(createServer(expressMessageClasses(app), app));
  }
}
