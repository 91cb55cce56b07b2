/**
 * The member part's tables were first created by the auth migration (session/migration.ts);
 * later changes to them are its own. Staff find members by phone.
 */
export const memberPhoneIndexMigration = {
  id: '0012_member_phone_index',
  sql: `
create index members_phone on members (site_id, phone) where phone is not null;
`,
};

/** Reports count a site's registrations per day. */
export const memberCreatedIndexMigration = {
  id: '0022_member_created_index',
  sql: `
create index members_site_created on members (site_id, created_at);
`,
};
