import type { PublicUser } from "@common/auth";
import { useState } from "react";
import { PersonalInfoForm } from "./personal-info-form";
import { PersonalInfoView } from "./personal-info-view";

/** 'Personal Information' (SPEC §2, §5): read-only until Edit; Save Changes sends PATCH /api/profile. */
export function PersonalInfoCard({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  return editing ? (
    <PersonalInfoForm user={user} onDone={() => setEditing(false)} />
  ) : (
    <PersonalInfoView user={user} onEdit={() => setEditing(true)} />
  );
}
