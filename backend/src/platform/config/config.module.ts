import { Global, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './app-config.js';

/** Provides the validated configuration; tests pass their own object. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config?: AppConfig) {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useFactory: () => config ?? loadConfig() }],
      exports: [AppConfig],
    };
  }
}
