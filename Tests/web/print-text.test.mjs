import assert from "node:assert/strict";
import { test } from "node:test";
import { clock, count, distanceText, hoursInWords, money, optionsText, progressOf, signedMoney }
  from "../../Web/app/print-text.js";

test("money is minor units in the currency", () => {
  assert.equal(money(1250), "€12.50");
  assert.equal(money(0), "€0.00");
  assert.equal(money(8), "€0.08");
  assert.equal(signedMoney(-40), "−€0.40");
  assert.equal(signedMoney(500), "+€5.00");
});

test("distances in metres then kilometres", () => {
  assert.equal(distanceText(353), "350 m");
  assert.equal(distanceText(1234), "1.2 km");
  assert.equal(distanceText(null), "");
});

test("hours in words, Monday first, closed days and 24 hours", () => {
  assert.equal(clock(480), "08:00");
  assert.equal(clock(1440), "24:00");
  const week = hoursInWords([{ weekday: 2, opens: 480, closes: 1200 },
    { weekday: 7, opens: 600, closes: 960 }, { weekday: 3, opens: 0, closes: 1440 },
    { weekday: 4, opens: 840, closes: 1080 }, { weekday: 4, opens: 480, closes: 720 }]);
  assert.deepEqual(week.map((d) => d.day), ["Monday", "Tuesday", "Wednesday", "Thursday",
    "Friday", "Saturday", "Sunday"]);
  assert.equal(week[0].hours, "08:00–20:00");
  assert.equal(week[1].hours, "open 24 hours");
  assert.equal(week[2].hours, "08:00–12:00, 14:00–18:00");
  assert.equal(week[5].hours, "10:00–16:00");
  assert.equal(week[6].hours, "closed");
  assert.equal(hoursInWords([]).every((d) => d.hours === "closed"), true);
});

test("progress of each state", () => {
  assert.equal(progressOf("ordered").step, 0);
  assert.equal(progressOf("printing").step, 1);
  assert.equal(progressOf("done").step, 2);
  assert.equal(progressOf("pickedUp").done, true);
  assert.equal(progressOf("refused").step, -1);
  assert.equal(progressOf("cancelled").label, "Cancelled");
});

test("options in words", () => {
  assert.equal(optionsText({ copies: 2, colour: "blackAndWhite", sides: "two", paper: "A4" }),
    "2 copies, black and white, two-sided, A4");
  assert.equal(optionsText({ copies: 1, colour: "colour", sides: "one", paper: "A3" }),
    "1 copy, colour, one-sided, A3");
});

test("a count says its noun in the singular for one", () => {
  assert.equal(count(1, "page"), "1 page");
  assert.equal(count(3, "page"), "3 pages");
  assert.equal(count(0, "sheet"), "0 sheets");
});
