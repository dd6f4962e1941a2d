/** Query keys of the development mailbox. */
export const devMailKeys = {
  all: ['dev-mail'] as const,
  list: (to: string) => [...devMailKeys.all, 'list', to] as const,
};
