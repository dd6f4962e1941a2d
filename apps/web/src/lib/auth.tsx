import type { LoginResponse, LogoutResponse, UserView, VerifyTokenResponse } from '@copytrade/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, api } from './api-client';

/**
 * The session (docs/product.md#states-and-transitions): loading, then signed in (a user) or signed out (null).
 * It lives in TanStack Query under one key: verified on load and again every 30 minutes; login writes
 * the user into it, logout writes null. Shared by the app shell, the guard and every feature.
 */

export const SESSION_REVERIFY_INTERVAL_MS = 30 * 60 * 1000;

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};

export type Session = UserView | null;

/**
 * GET /api/verify-token. 401 means signed out; 429 keeps whatever session there was (docs/product.md#error-messages).
 */
export async function getSession(previous: Session | undefined): Promise<Session> {
  try {
    const response = await api.get<VerifyTokenResponse>('/api/verify-token');
    return response.user ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (error instanceof ApiError && error.status === 429) {
      console.warn('Session verification was rate limited (429); keeping the current session.');
      return previous ?? null;
    }
    throw error;
  }
}

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: ({ client }) => getSession(client.getQueryData<Session>(authKeys.session())),
    staleTime: SESSION_REVERIFY_INTERVAL_MS,
    refetchInterval: SESSION_REVERIFY_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });

/**
 * The current session. `user` is undefined while the first check runs, null when signed out.
 * A failed background re-check keeps the last known user (TanStack keeps data on error).
 */
export function useSession() {
  const query = useQuery(getSessionQueryOptions());
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    query,
  };
}

export interface LoginInput {
  username: string;
  password: string;
}

/** POST /api/login. A 200 without `success: true` is still a refusal (docs/product.md#error-messages). */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await api.post<LoginResponse | { success?: boolean; message?: string }>('/api/login', input, {
    rotatesSession: true,
  });
  if (!('user' in response) || response.success !== true) {
    throw new ApiError(200, { code: 'LOGIN_REFUSED', message: response.message });
  }
  return response;
}

export function logout(): Promise<LogoutResponse> {
  return api.post<LogoutResponse>('/api/logout', undefined, { rotatesSession: true });
}

/** Signs in and stores the user as the session; the shell then loads the user's traces and subscriptions. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      await queryClient.cancelQueries({ queryKey: authKeys.session() });
      queryClient.setQueryData<Session>(authKeys.session(), response.user);
    },
  });
}

/** Signs out. The user is cleared and the app goes to /login whether or not the call succeeds. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('Logout call failed; clearing the session anyway.', error),
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey: authKeys.session() });
      queryClient.setQueryData<Session>(authKeys.session(), null);
      navigate(paths.auth.login.getHref(), { replace: true });
    },
  });
}

/**
 * Protected routes (docs/product.md#people-and-roles): a spinner while the session loads; signed-out visitors go to
 * /login.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace />;
  return children;
}
