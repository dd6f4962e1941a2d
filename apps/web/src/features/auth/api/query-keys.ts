/** Query keys of the auth feature's forms (the session itself lives under `authKeys` in lib/auth). */
export const authFormKeys = {
  all: ['auth-forms'] as const,
  usernameAvailability: (username: string) => [...authFormKeys.all, 'username-availability', username] as const,
  phoneAvailability: (phoneNumber: string) => [...authFormKeys.all, 'phone-availability', phoneNumber] as const,
};
