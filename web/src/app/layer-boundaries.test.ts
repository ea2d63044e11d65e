// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps features apart (eslint.config.js, decision 019) must fail CI on a
// feature importing another feature: a quiet rule (a resolver that finds nothing) would pass.

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('feature boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'web/src/features/check-in/uses-payments.ts',
      "import { PaymentsPage } from '../payments/payments-page.tsx';\nexport const page = PaymentsPage;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('feature="payments"');
  }, 60_000);

  it('refuses it through the @web/ alias as well', async () => {
    const errors = await boundaryErrors(
      'web/src/features/check-in/uses-payments.ts',
      "import { PaymentsPage } from '@web/features/payments/payments-page.tsx';\nexport const page = PaymentsPage;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('feature="payments"');
  }, 60_000);

  it('lets a feature import its own files, components, lib, sync and shared', async () => {
    const errors = await boundaryErrors(
      'web/src/features/check-in/uses-platform.ts',
      [
        "import { searchFamilies } from '@web/components/door/family-search.ts';",
        "import { formatDollars } from '@web/lib/format.ts';",
        "import { useCheckInView } from '@web/sync/hooks.ts';",
        "import { codeFromScan } from './qr.ts';",
        "import { balanceText } from '@shared/domain/door.ts';",
        'export const all = [searchFamilies, formatDollars, useCheckInView, codeFromScan, balanceText];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it('refuses the package spelling of shared code in web/src: the module itself is imported', async () => {
    const [result] = await eslint.lintText(
      "import { MESSAGES } from '@tournament/shared';\nexport const m = MESSAGES;\n",
      { filePath: path.join(root, 'web/src/features/check-in/uses-package.ts') },
    );
    const errors = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
    expect(errors.map((e) => e.message)).toEqual([
      "'@tournament/shared' import is restricted from being used. In web/src import the module itself: '@shared/<folder>/<module>.ts'.",
    ]);
  }, 60_000);
});

describe('texts come from the catalog', () => {
  async function literalErrors(code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, {
      filePath: path.join(root, 'web/src/features/check-in/literal.tsx'),
    });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'local/no-literal-text').map((m) => m.message);
  }

  it('refuses English written in the JSX: text, a string child, a reading attribute', async () => {
    const errors = await literalErrors(
      [
        'export const A = () => <p>Save</p>;',
        "export const B = () => <p>{'Cancel'}</p>;",
        'export const C = () => <input aria-label="Search" />;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('"Save"');
  }, 60_000);

  it('lets catalog texts, data and punctuation through', async () => {
    const errors = await literalErrors(
      [
        "import { t } from '@web/lib/i18n.tsx';",
        'export const A = ({ name }: { name: string }) => (',
        '  <p aria-label={t(\'language.switchLabel\')} className="text-sm font-bold">',
        '    {t(\'language.switchTo\')} · {name} — 1/2 <span data-testid="x">#</span>',
        '  </p>',
        ');',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  }, 60_000);
});
