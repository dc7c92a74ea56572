import type { Category, CreateCategoryInput } from '@toolworks/contract/tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createCategory(input: Pick<CreateCategoryInput, 'name'>) {
  return api.post<Category>('/categories', input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    // The tool form's select and the catalogue's filters list it now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
  });
}
