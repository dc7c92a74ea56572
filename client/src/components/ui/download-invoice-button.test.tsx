import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/access-token';
import { apiError, deferred, fakeApi } from '@/testing/fake-api';
import { renderFeature } from '@/testing/render';
import { DownloadInvoiceButton } from './download-invoice-button';

const ORDER_ID = '65f0a1b2c3d4e5f6a7b8c9d0';
const PATH = `/api/order/${ORDER_ID}/invoice.pdf`;

afterEach(() => vi.unstubAllGlobals());

describe('DownloadInvoiceButton', () => {
  it('when clicked, then the PDF is fetched with the token and saved under the invoice name', async () => {
    setAccessToken('token-123');
    const held = deferred<Response>();
    const api = fakeApi({ [`GET ${PATH}`]: () => held.promise });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderFeature(<DownloadInvoiceButton orderId={ORDER_ID} />);

    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(screen.getByRole('button', { name: 'Preparing invoice…' })).toBeDisabled();
    held.resolve(
      new Response('%PDF-1.3', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="INV-2026-000007.pdf"',
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeEnabled();
    expect(api.requestsTo(PATH)[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('INV-2026-000007.pdf');
    click.mockRestore();
  });

  it('when the server refuses, then its message is shown', async () => {
    fakeApi({
      [`GET ${PATH}`]: () =>
        apiError(404, 'NOT_FOUND', 'This order has no invoice: it is not paid'),
    });
    const { user } = renderFeature(<DownloadInvoiceButton orderId={ORDER_ID} />);
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order has no invoice: it is not paid',
    );
  });

  it('when it is the credit note, then that PDF is fetched and its refusal shown', async () => {
    const api = fakeApi({
      [`GET /api/order/${ORDER_ID}/credit-note.pdf`]: () =>
        apiError(404, 'NOT_FOUND', 'This order has no credit note: it is not refunded'),
    });
    const { user } = renderFeature(
      <DownloadInvoiceButton orderId={ORDER_ID} document="credit-note" />,
    );
    await user.click(screen.getByRole('button', { name: 'Download credit note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order has no credit note: it is not refunded',
    );
    expect(api.requestsTo(`/api/order/${ORDER_ID}/credit-note.pdf`)).toHaveLength(1);
  });
});
