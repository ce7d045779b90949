/** A bad setting: start-up stops with this one line, which names the variable and never echoes its value. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
