import { helpColumns, type AddCommand } from '../cli-dependencies.js';

/**
 * Not a failure: the service has stopped, drained (0) or with requests cut (124), and the process ends with that code.
 */
export class ServiceStopped extends Error {
  constructor(readonly exitCode: number) {
    super();
  }
}

/** `petstore serve`: the HTTP service, with every setting under its help. */
export const addServeCommand: AddCommand = (program, dependencies, output) => {
  program
    .command('serve')
    .description('serve the API over HTTP until SIGTERM (drained within SHUTDOWN_GRACE and SHUTDOWN_TIMEOUT) or SIGINT')
    .addHelpText('after', () => `\n${dependencies.service.settingsHelp(helpColumns(output)).trimEnd()}`)
    .action(async () => {
      throw new ServiceStopped(await dependencies.service.run());
    });
};
