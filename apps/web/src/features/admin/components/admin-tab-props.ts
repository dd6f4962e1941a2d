/** What every admin tab receives: the signed-in admin's id (the panel never acts on one's own row where refused). */
export interface AdminTabProps {
  userId: string;
}
