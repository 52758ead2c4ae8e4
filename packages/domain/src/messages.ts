/**
 * Every user-facing text the docs/product.md quote, spelled exactly as quoted: typos included
 * ('Invald link', 'Sing Up', 'Wrong email adress.'), because users and tests rely on the words.
 * "client" = client-area spec, "admin" = admin-area-and-task-board spec.
 */
export const MESSAGES = {
  // Generic toast for any failed call not suppressed (docs/product.md §C8, §A8).
  genericError: 'Something went wrong. Please contact support for more information',

  // Login (docs/product.md §C5).
  loginInvalid: 'Please, input correct login.',
  loginTaken: 'Login is already taken.',
  loginOccupied: 'Sorry, this login occupied.',
  passwordIncorrect: 'Sorry, password is incorrect',

  // Forgot / change password (docs/product.md §C2, §C5, §C8).
  emailInvalid: 'Please, input correct e-mail address.',
  emailNotFound: "We can't find a user with that e-mail address.",
  forgotSuccess: 'Please check your email. We sent you a link to create a new password.',
  passwordsDontMatch: "Passwords don't match.",
  /** Ours, not the spec's: a user's own new password needs the current one (docs/product.md §F4). */
  currentPasswordRequired: 'Please enter your current password.',

  // Wizard step 6 and invited sign-up (docs/product.md §C5, §A8).
  emailTaken: 'Email is already taken.',
  emailOccupied: 'Sorry, this email occupied.',
  phoneInvalid: 'Enter Correct Phone Number',
  passwordMin: 'Minimum 6 Characters',
  titleInvalid: 'Please, input correct title',
  /** Wizard display for a register-client error whose title is not a known one (docs/product.md §C8). */
  registerException: 'Exception',

  // Project details form (docs/product.md §C5) and edit user (docs/product.md §A5).
  projectTitleInvalid: 'Invalid project title',
  companyNameInvalid: 'Invalid company name',
  invalidEmail: 'Invalid email',

  // Add developer / project manager modal (docs/product.md §C5).
  avatarRequired: 'Avatar is required!',
  nameRequired: 'Name is required!',
  emailRequired: 'Email is required!',
  emailWrongFormat: 'Wrong email format!',
  avatarExtension: 'Only .jpeg or .png or .gif images allowed!',

  // Files and links (docs/product.md §C5, §C8).
  fileTooLarge: 'Maximum size 25mb',
  linkInvalid: 'Invald link',
  uploadError: 'Uploading error',
  /** Mark on an oversized upload item, never uploaded (docs/product.md §C4). */
  uploadSizeErrorMark: 'size error',

  // Project page toasts and the call booking (docs/product.md §C2, §C8).
  projectUpdated: 'Project updated!',
  callScheduled: 'Call scheduled successfully!',
  /** A call that waits for staff approval (blacklisted phone prefix) is a request, not a booking. */
  callRequested: 'Request sent — we will confirm by e-mail',
  slotTaken: 'Sorry this time slot has been booked few minutes ago. Please, choose another time',
  talkSoon: 'Talk soon!',
  areYouSure: 'Are you sure?',

  // Wizard step 1 subtitle (docs/product.md §C2).
  noRiskTrial: 'No-risk trial. Pay only if satisfied.',

  // Admin area (docs/product.md §A2, §A8).
  signUpHeading: 'Sing Up',
  updated: 'Updated!',
  userCreated: 'User created',
  companyCreated: 'Company created',
  teamCreated: 'Team created',
  projectCreated: 'Project created',
  projectDeleted: 'Project deleted!',
  userDeactivated: 'User deactivated!',
  teamDeleted: 'Team deleted!',
  companyDeleted: 'Company deleted!',
  invitationSent: 'Invitation sent',
  /** A second invitation while one is pending for the address and project (docs/product.md §F13). */
  invitationPending: 'An invitation to this e-mail is already pending; resend it from the list',
  userAddedToProject: 'User successfully added.',
  invitationFailed: "Something went wrong during the user's invitation.",
  confirmDeleteProject: 'Do you really want to delete this project?',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Confirm dialogs of the admin tables (docs/product.md §A2): the name or title sits inside the parentheses. */
export const confirmDeactivateUser = (nameOrLogin: string): string =>
  `Do you want to deactivate this user (${nameOrLogin})?`;
export const confirmDeleteTeam = (title: string): string => `Do you want to delete this team (${title})?`;
export const confirmDeleteCompany = (title: string): string =>
  `Do you want to delete this company (${title})?`;

/** Create-user fallback toast when the server gave no error titles (docs/product.md §C8). */
export const unableToAddRole = (role: string): string => `Unable to add ${role} to project`;

/** Client strip text (docs/product.md §C2). "project(s)" is the product's own wording. */
export const projectsStripText = (count: number): string =>
  `You have ${count} project(s). Have more ideas? Create a new project`;

/** The login-style error component (docs/product.md §C8): a heading over one of these texts. */
export const LOGIN_ERROR = {
  heading: 'Whoops! Something went wrong!',
  credentials: 'These credentials do not match our records.',
  wrongPassword: 'Wrong password.',
  notValidEmail: 'Not a valid email.',
  wrongEmail: 'Wrong email adress.',
  tokenValidation: 'Error with token validation.',
} as const;

/** The server's error titles docs/product.md quote (docs/product.md §D4: "the server's words"). */
export const SERVER_ERRORS = {
  emailTaken: 'Email is already taken',
  loginTaken: 'Login is already taken',
  phoneBlacklisted: 'User phone is blacklisted',
  emailRegistered: 'User with this email is already registered',
  invalidUrl: 'Url is not a valid URL.',
} as const;

export type ServerErrorTitle = (typeof SERVER_ERRORS)[keyof typeof SERVER_ERRORS];

/** Screen titles, headings and fixed labels docs/product.md quote. */
export const LABELS = {
  wizardSteps: [
    'What do you need help with?',
    'Describe your project or hiring needs',
    'Do you know your tech stack?',
    'What is your budget?',
    'How big is your company?',
  ],
  wizardStep6Visitor: 'Create an account to save your request',
  wizardStep6Member: 'Add a Project Name to save your request',
  createNewProject: 'Create a new project',
  projectOwners: 'Project owners',
  team: 'Team',
  projectLinkTitle: 'Project link',
  /** Title sent with every daily update (docs/product.md §C7). */
  projectUpdateTitle: 'update',
  tables: { projects: 'Projects', users: 'Users', teams: 'Teams', companies: 'Companies' },
  projectSettings: 'Project Settings',
  userForm: 'User',
  menu: {
    settings: 'SETTINGS',
    create: 'CREATE',
    users: 'USERS',
    teams: 'TEAMS',
    companies: 'COMPANIES',
    projects: 'PROJECTS',
    signOut: 'SIGN OUT',
    signIn: 'SIGN IN',
    getStarted: 'GET STARTED',
  },
  buttons: {
    view: 'VIEW',
    edit: 'EDIT',
    cancel: 'CANCEL',
    yes: 'YES',
    save: 'SAVE',
    search: 'SEARCH',
    create: 'CREATE',
    update: 'UPDATE',
    backlog: 'BACKLOG',
    addUpdate: 'ADD UPDATE',
  },
  taskSidebar: [
    'Add Tasks',
    'My Tasks',
    'Current Sprint',
    'Done',
    'New Tasks',
    'Roadblocks',
    'Project history',
  ],
  taskModalTabs: ['Edit Task', 'Comments'],
  taskLifecycle: ['Updated', 'Setup', 'Start', 'Delivered', 'Accepted'],
  techGroups: ['Backend', 'Frontend', 'Databases', 'Server', 'Testing tools', 'Other'],
} as const;

/**
 * Our words, not the product's: where docs/product.md only say a field "is flagged" (edit user, invited sign-up,
 * admin create forms, project details) a schema still needs a message, so these are used there.
 */
export const FALLBACK_MESSAGES = {
  required: 'This field is required',
  minLength: (min: number): string => `Minimum ${min} characters`,
  maxLength: (max: number): string => `Maximum ${max} characters`,
  notZero: 'Value cannot be zero',
  invalidDate: 'Invalid date',
  futureDate: 'Date cannot be in the future',
  toBeforeFrom: 'To date cannot be before From date',
  invalidId: 'Invalid id',
} as const;
