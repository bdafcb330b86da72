/**
 * The code that confirms a mobile-bill payment (issue 75 item 5): the portal's own 4-digit PIN (the sandbox operator),
 * or the code a CAMARA operator sends itself (its validationInfo or One Time Password SMS code: at most 10
 * characters, digits as operators send them). Shared by the plan's API flow and a single purchase's dialog.
 */
export const BILL_CODE_PATTERN = /^\d{4,10}$/;
export const BILL_CODE_MAX_LENGTH = 10;
