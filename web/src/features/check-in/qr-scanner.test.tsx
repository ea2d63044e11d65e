import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QrScanButton, TYPED_CODE_MESSAGE } from './qr-scanner.tsx';

// The scanner dialog with a stand-in camera and BarcodeDetector (jsdom has neither): what a
// member of staff sees is the dialog closing on a receipt's code, with the camera started once.

let codeInFrame: string | null = null;
const stopTrack = vi.fn();
const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }));

beforeEach(() => {
  codeInFrame = null;
  stopTrack.mockClear();
  getUserMedia.mockClear();
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }),
  );
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      async detect() {
        return codeInFrame === null ? [] : [{ rawValue: codeInFrame }];
      }
    },
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QR scanner', () => {
  it('keeps one camera while the page behind it re-renders, and closes on a receipt code', async () => {
    const user = userEvent.setup();
    const found: string[] = [];
    // The check-in page passes a new callback on every render (every sync re-renders it).
    const page = (n: number) => (
      <div data-render={n}>
        <QrScanButton onCode={(code) => found.push(code)} />
      </div>
    );
    const { rerender } = render(page(0));
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    await screen.findByRole('dialog', { name: "Scan the receipt's QR code" });
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
    for (let n = 1; n <= 5; n++) rerender(page(n));
    // A few scan ticks later the camera is still the first one.
    await new Promise((r) => setTimeout(r, 600));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(stopTrack).not.toHaveBeenCalled();

    codeInFrame = 'ABCD2345';
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(found).toEqual(['ABCD2345']);
    expect(stopTrack).toHaveBeenCalledTimes(1);
  });

  it('finds a typed confirmation code, refuses anything else, and Esc hands focus back to the button', async () => {
    const user = userEvent.setup();
    const found: string[] = [];
    render(<QrScanButton onCode={(code) => found.push(code)} />);
    const button = screen.getByRole('button', { name: 'Scan QR code' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: "Scan the receipt's QR code" });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(dialog).not.toBeInTheDocument();

    await user.click(button);
    await user.type(await screen.findByLabelText('Confirmation code'), 'no such code!');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText(TYPED_CODE_MESSAGE)).toBeInTheDocument();
    expect(found).toEqual([]);
    await user.clear(screen.getByLabelText('Confirmation code'));
    await user.type(screen.getByLabelText('Confirmation code'), ' ABCD2345 {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(found).toEqual(['ABCD2345']);
    expect(button).toHaveFocus();
  });
});
