/** The server's log: one line per event. Tests pass a quiet one. */
export interface Logger {
  info(line: string): void;
  error(line: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line, error) => (error === undefined ? console.error(line) : console.error(line, error)),
};
