import type { UserView } from '@copytrade/contracts';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field, Label } from '@/components/ui/label';

const FIELDS = [
  { key: 'firstName', label: 'First Name' },
  { key: 'lastName', label: 'Last Name' },
  { key: 'email', label: 'Email' },
  { key: 'username', label: 'Username' },
] as const;

/** The profile, shown but not editable here (docs/product.md#settings). */
export function ProfileCard({ user }: { user: UserView }) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Profile</CardTitle>
        <CardDescription>Your account details. Contact support to change them.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="form-grid">
          {FIELDS.map(({ key, label }) => (
            <Field key={key}>
              <Label htmlFor={`${id}-${key}`}>{label}</Label>
              <Input id={`${id}-${key}`} value={user[key] ?? ''} disabled readOnly />
            </Field>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
