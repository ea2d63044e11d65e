import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageAlert } from '../components/page-alert.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { useAction, type ActionOptions } from './action.ts';
import { ApiError } from './api-client.ts';
import { PageAlertProvider } from './page-alert.tsx';

// useAction behind a button, the way the delete, reorder and +/- buttons use it.
function Remove({ action, options }: { action: () => Promise<unknown>; options?: ActionOptions<unknown> }) {
  const remove = useAction(action, options);
  return (
    <>
      <button type="button" disabled={remove.busy} onClick={() => void remove.run()}>
        {remove.busy ? 'Removing' : 'Remove'}
      </button>
      {remove.error !== undefined && <p>Returned: {(remove.error as Error).message}</p>}
    </>
  );
}

function renderButton(action: () => Promise<unknown>, options?: ActionOptions<unknown>) {
  render(
    <ToastProvider>
      <PageAlertProvider>
        <PageAlert />
        <Remove action={action} options={options} />
      </PageAlertProvider>
    </ToastProvider>,
  );
  return userEvent.setup();
}

describe('useAction', () => {
  it('is busy while the action runs, and a second press meanwhile does nothing', async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = renderButton(action);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Removing' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal in the page alert with the server’s message (docs/product.md §8)', async () => {
    const user = renderButton(async () => {
      throw new ApiError(409, { message: 'This level is used by 3 divisions.' });
    });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This level is used by 3 divisions.');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
  });

  it('puts the spec’s prefix before the message', async () => {
    const user = renderButton(
      async () => {
        throw new ApiError(500, {});
      },
      { errorPrefix: 'Could not add spectator pass. ' },
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not add spectator pass. (500) Something went wrong',
    );
  });

  it('a failure can be returned instead of shown', async () => {
    const user = renderButton(
      async () => {
        throw new Error('Queue full');
      },
      { onError: 'return' },
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Returned: Queue full')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so on success, in the page alert or as a toast', async () => {
    const user = renderButton(async () => 'Beginner', {
      success: (name) => `The level "${String(name)}" was removed.`,
    });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The level "Beginner" was removed.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
  });

  it('a success toast shows in the notifications', async () => {
    const user = renderButton(async () => undefined, { success: 'Receipt sent.', successAs: 'toast' });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Receipt sent.');
  });

  it('a new run clears the last failure from the page alert', async () => {
    let fail = true;
    const user = renderButton(async () => {
      if (fail) throw new Error('Offline');
    });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Offline');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
