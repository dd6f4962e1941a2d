import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Bidirectional embeddings, overrides and isolates, and zero-width characters (TextInputRules.invisibleCharacter). */
const INVISIBLE = `U&'[\\200B-\\200D\\2060\\FEFF\\202A-\\202E\\2066-\\2069]'`;

/**
 * Trace names as the API now takes them (docs/security.md, "Input and logs"): NFKC-folded, without invisible or
 * text-direction characters, trimmed — so a name stored before ("Tech Breakouts" followed by a zero-width space and
 * a right-to-left override) no longer passes for another. A name of nothing else takes its handle. Handles need
 * nothing: they were always ASCII letters, digits and underscores. Only rows that change are written; the old
 * spellings are not kept, so `down` changes nothing.
 */
export class NormaliseTraceNames1796930000000 implements MigrationInterface {
  name = 'NormaliseTraceNames1796930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE traces.traces
         SET name = COALESCE(NULLIF(btrim(regexp_replace(normalize(name, NFKC), ${INVISIBLE}, '', 'g')), ''), handle)
       WHERE name <> btrim(regexp_replace(normalize(name, NFKC), ${INVISIBLE}, '', 'g'))`);
  }

  async down(): Promise<void> {
    // The names before cannot be told apart from the ones after: nothing to undo.
  }
}
