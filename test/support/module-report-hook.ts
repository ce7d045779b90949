import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes, in `folder`, a module for `node --import` that names on stderr (`module <url>`) every module the
 * program resolves, with Node's own module hooks; gives its path.
 */
export function writeModuleReportHook(folder: string): string {
  const hook = join(folder, 'report-modules.mjs');
  writeFileSync(
    hook,
    "import { registerHooks } from 'node:module';\nregisterHooks({ resolve(specifier, context, next) { const resolved = next(specifier, context); process.stderr.write(`module ${resolved.url}\\n`); return resolved; } });\n",
  );
  return hook;
}
