// Pieces every settings route shares (decision 007): mount point, tags, and the refusals of
// their own (401 and 403 come from the role table, 400 from the contract entry's input;
// decision 035).

export const ADMIN_MOUNT = '/api/admin';

export const settingsCommon = { tags: ['settings'], security: [{ bearer: [] }] };

export const settingsErrors = {
  404: 'Not found',
  409: 'In use elsewhere, or a name already taken',
} as const;
