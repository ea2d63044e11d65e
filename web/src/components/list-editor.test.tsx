import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { PageAlertProvider } from '../lib/page-alert.tsx';
import { ListEditor } from './list-editor.tsx';
import { PageAlert } from './page-alert.tsx';

const levels = [
  { id: 1, name: 'Beginner' },
  { id: 2, name: 'Intermediate' },
  { id: 3, name: 'Advanced' },
];

function renderList(props: {
  reorder?: (ids: number[]) => Promise<unknown>;
  remove?: () => Promise<unknown>;
}) {
  render(
    <PageAlertProvider>
      <PageAlert />
      <ListEditor
        items={levels}
        idOf={(l) => l.id}
        label={(l) => l.name}
        columns={[{ header: 'Level', cell: (l) => l.name }]}
        reorder={props.reorder}
        remove={props.remove}
        removed={(l) => `The level "${l.name}" was removed.`}
      />
    </PageAlertProvider>,
  );
  return userEvent.setup();
}

describe('the list editor', () => {
  it('moves a row down from the keyboard and sends the whole new order', async () => {
    const reorder = vi.fn(async () => undefined);
    const user = renderList({ reorder });
    screen.getByRole('button', { name: 'Move Beginner down' }).focus();
    await user.keyboard('{Enter}');
    expect(reorder).toHaveBeenCalledWith([2, 1, 3]);
    // The ends cannot move further.
    expect(screen.getByRole('button', { name: 'Move Beginner up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Advanced down' })).toBeDisabled();
  });

  it('asks before removing, and shows why an item in use cannot be removed', async () => {
    const message = 'Cannot remove the level "Beginner": it is used by 2 divisions.';
    const remove = vi.fn(async () => {
      throw new ApiError(409, { message });
    });
    const user = renderList({ remove });
    await user.click(screen.getByRole('button', { name: 'Remove Beginner' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm removing Beginner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(within(screen.getByRole('table')).getByText('Beginner')).toBeInTheDocument();
  });

  it('says what was removed', async () => {
    const user = renderList({ remove: async () => undefined });
    await user.click(screen.getByRole('button', { name: 'Remove Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Confirm removing Advanced' }));
    expect(await screen.findByText('The level "Advanced" was removed.')).toBeInTheDocument();
  });

  it('has no Order column for a list that is not reordered', () => {
    renderList({});
    expect(screen.queryByRole('columnheader', { name: 'Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
  });
});
