import { Global, Module } from '@nestjs/common';
import { ConnectionRefusalsRepository } from './connection-refusals.repository.js';

/** The count of connection-limit refusals, shared by the HTTP server, the socket server and the dashboard. */
@Global()
@Module({
  providers: [ConnectionRefusalsRepository],
  exports: [ConnectionRefusalsRepository],
})
export class ConnectionsModule {}
