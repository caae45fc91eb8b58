import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/index.js';
import { ormConfig, type Entities } from './mikro-orm.config.js';

@Module({})
export class DatabaseModule {
  /** The ORM for the domains' entities (backend/src/entities.ts), handed in by the composition root. */
  static forRoot(entities: Entities): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRootAsync({
          inject: [AppConfig],
          driver: PostgreSqlDriver,
          // Every repository forks its own EntityManager: no per-request context is needed on the hot path.
          useFactory: (config: AppConfig) => ({
            ...ormConfig(config.databaseUrl, entities),
            registerRequestContext: false,
          }),
        }),
      ],
    };
  }
}
