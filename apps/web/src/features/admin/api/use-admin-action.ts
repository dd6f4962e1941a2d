import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastAdminError, toastAdminSuccess } from '../components/admin-toasts';

/**
 * An admin action (docs/product.md#error-messages): 'Success' with the server's message, or 'Error' with the server's
 * message or `fallback`; once it succeeded, the lists under `invalidates` are read again.
 */
export function useAdminAction<TInput, TResponse extends { message?: string }>({
  mutationFn,
  fallback,
  invalidates,
}: {
  mutationFn: (input: TInput) => Promise<TResponse>;
  fallback: string;
  invalidates: (input: TInput) => readonly (readonly unknown[])[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (response, input) => {
      if (response.message) toastAdminSuccess(response.message);
      await Promise.all(invalidates(input).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      toastAdminError(error, fallback);
    },
  });
}
