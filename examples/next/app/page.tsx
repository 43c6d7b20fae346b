// A server component: the page renders on the server; the widget is a client component.
import { SupportBox } from "./support-box";

export default function Page() {
  return (
    <main>
      <h1>Next.js (app router)</h1>
      <SupportBox />
    </main>
  );
}
