import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invalidateQueries, useQuery } from './use-query.ts';

function Reader({ id, fetcher }: { id: string; fetcher: () => Promise<string> }) {
  const { data, isLoading, error } = useQuery('greeting', fetcher);
  return <p data-testid={id}>{isLoading ? 'loading' : (error?.message ?? data)}</p>;
}

describe('useQuery', () => {
  it('two readers of one key share a single request, and invalidation reads again', async () => {
    invalidateQueries('greeting');
    let n = 0;
    const fetcher = vi.fn(async () => `hello ${++n}`);
    render(
      <>
        <Reader id="a" fetcher={fetcher} />
        <Reader id="b" fetcher={fetcher} />
      </>,
    );
    expect(await screen.findAllByText('hello 1')).toHaveLength(2);
    expect(fetcher).toHaveBeenCalledTimes(1);
    act(() => invalidateQueries('greet'));
    expect(await screen.findAllByText('hello 2')).toHaveLength(2);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('a query invalidated while its first request is in flight reads again instead of loading forever', async () => {
    invalidateQueries('greeting');
    const answers: ((value: string) => void)[] = [];
    const fetcher = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    render(<Reader id="a" fetcher={fetcher} />);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    // Another page invalidates (a registration was just made) before the first answer comes.
    act(() => invalidateQueries('greet'));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    act(() => answers[0]!('stale'));
    act(() => answers[1]!('fresh'));
    expect(await screen.findByText('fresh')).toBeInTheDocument();
  });

  it('initial data (a copy kept on the device) paints at once, then the read replaces it', async () => {
    invalidateQueries('kept-greeting');
    let answer: (value: string) => void = () => undefined;
    const fetcher = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    function KeptReader() {
      const { data, isLoading } = useQuery('kept-greeting', fetcher, { initialData: () => 'kept hello' });
      return <p>{isLoading ? 'loading' : data}</p>;
    }
    render(<KeptReader />);
    expect(screen.getByText('kept hello')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
    act(() => answer('fresh hello'));
    expect(await screen.findByText('fresh hello')).toBeInTheDocument();
  });

  it('a failed read gives the error', async () => {
    invalidateQueries('greeting');
    render(<Reader id="a" fetcher={async () => Promise.reject(new Error('(500) Something went wrong'))} />);
    expect(await screen.findByText('(500) Something went wrong')).toBeInTheDocument();
  });
});
