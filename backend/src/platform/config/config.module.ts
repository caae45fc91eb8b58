import { Global, Module } from '@nestjs/common';
import { loadConfig, type AppConfig } from './app-config.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Provides the validated configuration; tests pass their own object. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config?: AppConfig) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useFactory: () => config ?? loadConfig() }],
      exports: [APP_CONFIG],
    };
  }
}
