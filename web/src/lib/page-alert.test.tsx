import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { PageAlert } from '../components/page-alert.tsx';
import { ApiError, OfflineError } from './api-client.ts';
import { OFFLINE_TEXT } from './offline.ts';
import { tm } from './i18n.tsx';
import { PageAlertProvider, usePageAlert } from './page-alert.tsx';

function ShowsError({ error, prefix }: { error: unknown; prefix?: string }) {
  const { showError } = usePageAlert();
  useEffect(() => showError(error, prefix), [error, prefix, showError]);
  return <PageAlert />;
}

function renderShowing(error: unknown, prefix?: string) {
  act(() => {
    render(
      <PageAlertProvider>
        <ShowsError error={error} prefix={prefix} />
      </PageAlertProvider>,
    );
  });
}

describe('the page alert (docs/product.md §8; offline is not an error)', () => {
  it('a server error is a danger alert with its section 8 text and the prefix', () => {
    renderShowing(new ApiError(500, undefined), 'Could not add spectator pass. ');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not add spectator pass. (500) Something went wrong, please try again later or contact us for help.',
    );
  });

  it('offline is a calm notice that it needs a connection: no danger alert, no "(0) Something went wrong"', () => {
    renderShowing(new OfflineError(), 'Could not add spectator pass. ');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(`Could not add spectator pass. ${tm(OFFLINE_TEXT)}`);
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
  });
});
