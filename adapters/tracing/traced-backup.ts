import { context, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { Pet, PetStatus } from '@petstore/core/pet.js';
import type { ExportPets } from '@petstore/core/use-cases/export-pets.js';
import {
  IMPORT_PHASES,
  type Backup,
  type ImportPets,
  type ImportPhase,
  type ImportProgress,
  type ImportReport,
} from '@petstore/core/use-cases/import-pets.js';
import type { ImportMode } from '@petstore/core/backup.js';
import { endedWith, recordFailure } from './spans.js';
import { STORAGE_KIND_ATTRIBUTE } from './traced-storage.js';

/** Pets written by an import up to the end of a batch, and in the whole import. */
export const PETS_DONE_ATTRIBUTE = 'petstore.pets.done';
export const PETS_ATTRIBUTE = 'petstore.pets';

/** The root span of an import, and of an export. */
export const IMPORT_SPAN = 'pets import';
export const EXPORT_SPAN = 'pets export';

/** The span of one step of an import: `pets import checking`, `pets import writing`. */
export function importStepSpanName(phase: ImportPhase): string {
  return `${IMPORT_SPAN} ${phase}`;
}

/**
 * An import as one trace: a root span `pets import`, a span for checking the backup, then one for
 * each batch written, as the import reports them (every thousand pets, in either mode).
 */
export function tracedImport(importPets: ImportPets, tracer: Tracer, kind: string): ImportPets {
  return Object.assign(Object.create(importPets) as ImportPets, {
    execute(
      backup: Backup,
      mode: ImportMode,
      progress: ImportProgress,
      interruption?: AbortSignal,
    ): Promise<ImportReport> {
      const root = tracer.startSpan(IMPORT_SPAN, {
        attributes: { [STORAGE_KIND_ATTRIBUTE]: kind, 'petstore.import.mode': mode },
      });
      const underRoot = trace.setSpan(context.active(), root);
      const batches = new BatchSpans(tracer, underRoot, IMPORT_PHASES[mode]);
      return endedWith(root, async () => {
        try {
          const report = await context.with(underRoot, () =>
            importPets.execute(backup, mode, batches.watching(progress), interruption),
          );
          root.setAttribute(PETS_ATTRIBUTE, report.pets);
          return report;
        } catch (error) {
          batches.failed(error);
          throw error;
        }
      });
    },
  });
}

/**
 * The spans of an import's steps: checking the backup (and, for a restore, confirming it), then each
 * batch written. A step ends where the import reports it done (a phase finished, a batch's pets
 * written), and the next one starts there.
 */
class BatchSpans {
  private phase = 0;
  private current: Span | undefined;

  constructor(
    private readonly tracer: Tracer,
    private readonly parent: Context,
    private readonly phases: readonly ImportPhase[],
  ) {
    this.current = this.startStep();
  }

  watching(progress: ImportProgress): ImportProgress {
    return {
      update: (phase: ImportPhase, done: number, total: number) => {
        progress.update(phase, done, total);
        // Checking and confirming report bytes read, as often as they like: only writing reports a batch at a time.
        if (phase !== 'writing') return;
        this.current?.setAttribute(PETS_DONE_ATTRIBUTE, done);
        this.current?.end();
        this.current = done < total ? this.startStep() : undefined;
      },
      finish: () => {
        progress.finish();
        this.current?.end();
        // One phase over, the next begins; writing over, nothing does.
        this.phase += 1;
        this.current = this.phase < this.phases.length ? this.startStep() : undefined;
      },
    };
  }

  /** The step under way when the import stopped, ended with why. */
  failed(error: unknown): void {
    if (this.current === undefined) return;
    recordFailure(this.current, error);
    this.current.end();
  }

  private startStep(): Span {
    return this.tracer.startSpan(importStepSpanName(this.phases[this.phase] as ImportPhase), {}, this.parent);
  }
}

/**
 * An export as one trace: a root span `pets export`, under which each page is read. Give it an
 * ExportPets over traced storage (`tracedStorage`) for a span a page, `pets.list`.
 */
export function tracedExport(exportPets: ExportPets, tracer: Tracer, kind: string): ExportPets {
  return Object.assign(Object.create(exportPets) as ExportPets, {
    async *pages(status?: PetStatus): AsyncGenerator<Pet[]> {
      const attributes: Attributes = {
        [STORAGE_KIND_ATTRIBUTE]: kind,
        ...(status && { 'petstore.pet.status': status }),
      };
      const root = tracer.startSpan(EXPORT_SPAN, { attributes });
      const underRoot = trace.setSpan(context.active(), root);
      const pages = exportPets.pages(status);
      let pets = 0;
      try {
        for (;;) {
          const next = await context.with(underRoot, () => pages.next());
          if (next.done === true) break;
          pets += next.value.length;
          yield next.value;
        }
        root.setAttribute(PETS_ATTRIBUTE, pets);
      } catch (error) {
        recordFailure(root, error);
        throw error;
      } finally {
        await pages.return(undefined);
        root.end();
      }
    },
  });
}
