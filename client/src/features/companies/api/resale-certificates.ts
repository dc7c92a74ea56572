import type {
  AddResaleCertificateInput,
  ResaleCertificate,
  ResaleCertificates,
} from '@toolworks/contract/tax-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchFile, saveFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

const listPath = (companyId: string) =>
  `/companies/${encodeURIComponent(companyId)}/resale-certificates`;

/** GET /companies/{id}/resale-certificates: soonest expiry first. */
export function useResaleCertificates(companyId: string) {
  return useQuery({
    queryKey: queryKeys.tax.certificatesOf(companyId),
    queryFn: ({ signal }) => api.get<ResaleCertificates>(listPath(companyId), { signal }),
  });
}

// Adding or deleting one changes the company's list and the Tax page's expiring ones.
const refresh = (queryClient: ReturnType<typeof useQueryClient>) => () =>
  void queryClient.invalidateQueries({ queryKey: queryKeys.tax.certificates });

/**
 * POST /companies/{id}/resale-certificates: the PDF is the body (as a tool photo is), its fields
 * the query. Sent as `application/pdf` whatever the browser guessed: the server reads the bytes.
 */
export function useAddResaleCertificate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: AddResaleCertificateInput & { file: Blob }) =>
      api.post<ResaleCertificate>(
        listPath(companyId),
        new Blob([file], { type: 'application/pdf' }),
        { query: fields },
      ),
    onSettled: refresh(queryClient),
  });
}

/** DELETE /companies/{id}/resale-certificates/{certId} */
export function useDeleteResaleCertificate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certId: string) =>
      api.delete<undefined>(`${listPath(companyId)}/${encodeURIComponent(certId)}`),
    onSettled: refresh(queryClient),
  });
}

/** The certificate's PDF, fetched with the access token and handed to the browser. */
export async function downloadResaleCertificate(companyId: string, certificate: ResaleCertificate) {
  saveFile(
    await fetchFile(`${listPath(companyId)}/${encodeURIComponent(certificate._id)}/file`, {
      accept: 'application/pdf',
      fallbackName: `resale-certificate-${certificate.number}.pdf`,
      failure: 'The certificate could not be downloaded',
    }),
  );
}
