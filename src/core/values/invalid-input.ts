// Input a service refuses as malformed where a route's schema cannot know it (a currency's decimal
// places come from a config file, for instance). The Remote Access Service answers it with 400
// naming the field; a command tells the sender the message. Every other thrown error is a bug.

export class InvalidInput extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'InvalidInput';
    this.field = field;
  }
}
