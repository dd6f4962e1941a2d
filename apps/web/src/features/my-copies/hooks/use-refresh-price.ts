import type { CopyInstanceView } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { withCopy, type MyCopiesData } from '../api/get-my-copies';
import { myCopiesKeys } from '../api/query-keys';
import { refreshCopyPrice } from '../api/refresh-copy-price';

/**
 * One card's price refresh (docs/product.md#rest-calls): the answer's updatedCopy is merged into the list, the summary
 * read again. 'Price refreshed successfully'; 'Failed to refresh price' when the server refused, 'Error refreshing
 * price' when no answer came.
 */
export function useRefreshPrice(userId: string, copyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshCopyPrice(userId, copyId),
    onSuccess: (updated: CopyInstanceView) => {
      queryClient.setQueryData<MyCopiesData>(myCopiesKeys.list(userId), (data) => withCopy(data, updated));
      void queryClient.invalidateQueries({ queryKey: myCopiesKeys.performance(userId) });
      toast.success('Price refreshed successfully', { duration: 3_000 });
    },
    onError: (error) => {
      if (isApiError(error)) toast.error('Failed to refresh price', { description: error.serverMessage });
      else toast.error('Error refreshing price');
    },
  });
}
