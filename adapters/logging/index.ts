// `@petstore/logging`: the service's pino logger, its lines' control characters escaped.
export { createLogger, LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel, type ServiceLogger } from './logger.js';
