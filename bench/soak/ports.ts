/**
 * Free ports in the soak's own range (3400–3499 unless SOAK_PORTS=low-high), so it runs beside other
 * benches and servers on the same machine.
 */
import net from 'node:net';

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export async function freePortsInRange(
  count: number,
  range = process.env.SOAK_PORTS ?? '3400-3499',
): Promise<number[]> {
  const [low, high] = range.split('-').map(Number);
  const found: number[] = [];
  for (let port = low; port <= high && found.length < count; port++) if (await free(port)) found.push(port);
  if (found.length < count) throw new Error(`no ${count} free ports in ${range}`);
  return found;
}
