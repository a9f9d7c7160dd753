// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

/**
 * api.gen.ts is what openapi-typescript makes of web/openapi.json (itself checked against the
 * server's routes by the server's `openapi_file` test). A stale file fails here; `make gen-api`
 * (or `npm run gen:api` after a change to openapi.json only) rewrites it.
 */
describe('the generated REST types', () => {
  it('are current with openapi.json', async () => {
    const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
    const document = JSON.parse(read('../../openapi.json'));
    // The same call and options as the CLI's defaults (`openapi-typescript openapi.json -o ...`).
    const fresh = COMMENT_HEADER + astToString(await openapiTS(document, { silent: true }));
    const committed = read('./api.gen.ts');
    expect(committed === fresh, 'src/types/api.gen.ts is stale: run `make gen-api`').toBe(true);
  }, 30_000);
});
