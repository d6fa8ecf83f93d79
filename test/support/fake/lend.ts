// Gives the FakePlatform a port's methods from the part of the fake that implements them, bound to
// that part (the FakePlatform declares the port with an interface of the same name).

/** Every method of a port, by name: a missing or extra one is a type error. */
export type PortMethods<Port> = Record<keyof Port, true>;

export function lendMethods<Port extends object>(host: object, part: Port, methods: PortMethods<Port>): void {
  for (const name of Object.keys(methods) as Array<keyof Port & string>) {
    const method = part[name];
    if (typeof method !== 'function') throw new Error(`the fake's ${String(name)} is not a method`);
    Object.defineProperty(host, name, { value: (method as (...a: unknown[]) => unknown).bind(part), configurable: true });
  }
}
