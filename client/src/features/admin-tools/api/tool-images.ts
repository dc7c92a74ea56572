import type { Tool } from '@toolworks/contract/tools';
import type { ToolImages } from '@toolworks/contract/tool-images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * A tool's photos: upload (the file's own bytes), remove, and order (the first is the main one).
 * One file for the three calls, as they share what a success does to the cache.
 */

const base = (toolId: string) => `/tools/${encodeURIComponent(toolId)}/images`;

export const uploadToolImage = ({ toolId, file }: { toolId: string; file: File }) =>
  api.post<ToolImages>(base(toolId), file);

export const deleteToolImage = ({ toolId, imageId }: { toolId: string; imageId: string }) =>
  api.delete<ToolImages>(`${base(toolId)}/${encodeURIComponent(imageId)}`);

export const orderToolImages = ({ toolId, imageIds }: { toolId: string; imageIds: string[] }) =>
  api.patch<ToolImages>(base(toolId), { imageIds });

function useToolImagesMutation<V extends { toolId: string }>(
  call: (variables: V) => Promise<ToolImages>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ images }, { toolId }) => {
      queryClient.setQueryData<Tool>(queryKeys.tools.detail(toolId), (tool) =>
        tool ? { ...tool, images } : tool,
      );
      // The catalogue's cards show the main photo.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.tools.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

export const useUploadToolImage = () => useToolImagesMutation(uploadToolImage);
export const useDeleteToolImage = () => useToolImagesMutation(deleteToolImage);
export const useOrderToolImages = () => useToolImagesMutation(orderToolImages);
